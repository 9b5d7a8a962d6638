/**
 * The webstore API's error format: a JSON array of `{errorCode, message}` with the HTTP status the real API
 * uses. Handlers throw ApiError; the router turns it into that body.
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly errorCode: string,
    message: string,
  ) {
    super(message);
    this.name = "ApiError";
  }
}

export const notFound = (message = "The requested resource does not exist") => new ApiError(404, "NOT_FOUND", message);
export const invalidInput = (message: string) => new ApiError(400, "INVALID_API_INPUT", message);
export const invalidId = (message: string) => new ApiError(400, "INVALID_ID_FIELD", message);

export function errorBody(errorCode: string, message: string) {
  return [{ errorCode, message }];
}
