/** The store's name: the header, the footer and every page title. */
export const STORE_NAME = "Demo Store";
