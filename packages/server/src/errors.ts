// One error type for every handler: the errors plugin turns it into EMQX's `{code, message}` body.
export class ApiError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export const apiError = (statusCode: number, code: string, message: string): ApiError => new ApiError(statusCode, code, message);
