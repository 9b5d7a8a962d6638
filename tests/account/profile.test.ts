/**
 * My profile's pure rules (app/account/model/profile.ts): which changes need the code step (a new e-mail address or
 * phone), what the page may do at each API version, and how the API's profile is read.
 */
import { describe, expect, it } from "vitest";
import {
  changesAnything,
  changesContact,
  profileAbilities,
  profileView,
  samePhone,
} from "../../app/account/model/profile";

const ALEX = { firstName: "Alex", lastName: "Buyer", email: "buyer@demo.store", phoneNumber: "4155550100" };

describe("my profile", () => {
  it("asks for a code for a new e-mail address or phone, not for a name or the same contact written otherwise", () => {
    expect(changesContact(ALEX, { ...ALEX, email: "alexis@example.com" })).toBe(true);
    expect(changesContact(ALEX, { ...ALEX, phoneNumber: "4155550199" })).toBe(true);
    expect(changesContact(ALEX, { ...ALEX, phoneNumber: "" })).toBe(true);
    expect(changesContact(ALEX, { ...ALEX, firstName: "Alexis" })).toBe(false);
    expect(changesContact(ALEX, { ...ALEX, email: "Buyer@Demo.Store", phoneNumber: "(415) 555-0100" })).toBe(false);
    expect(samePhone("+44 20 7946 0018", "+442079460018")).toBe(true);
    expect(samePhone("+442079460018", "442079460018")).toBe(false);
  });

  it("tells a change from none", () => {
    expect(changesAnything(ALEX, { ...ALEX })).toBe(false);
    expect(changesAnything(ALEX, { ...ALEX, lastName: "Buyers" })).toBe(true);
    // Another case of the same address is still a change to save (no code: the address is the same).
    expect(changesAnything(ALEX, { ...ALEX, email: "Buyer@demo.store" })).toBe(true);
    expect(changesAnything(ALEX, { ...ALEX, phoneNumber: "415-555-0100" })).toBe(false);
  });

  it("reads, edits and steps up by the API version (52.0, 59.0, 64.0)", () => {
    expect(profileAbilities(51)).toEqual({ readable: false, editable: false, stepUp: false });
    expect(profileAbilities(58)).toEqual({ readable: true, editable: false, stepUp: false });
    expect(profileAbilities(63)).toEqual({ readable: true, editable: true, stepUp: false });
    expect(profileAbilities(65)).toEqual({ readable: true, editable: true, stepUp: true });
  });

  it("reads the API's profile with empty text for what it lacks", () => {
    expect(profileView({ ...ALEX, userName: "buyer@demo.store", isEmailVerified: true })).toEqual({
      ...ALEX,
      userName: "buyer@demo.store",
    });
    expect(profileView({ lastName: "Buyer", email: "b@x.co", phoneNumber: null })).toEqual({
      firstName: "",
      lastName: "Buyer",
      email: "b@x.co",
      phoneNumber: "",
      userName: "",
    });
    expect(profileView(null).email).toBe("");
  });
});
