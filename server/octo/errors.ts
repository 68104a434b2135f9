/**
 * OCTO's errors: `{ error, errorMessage }` plus the id at fault, with the status the specification
 * gives (400 for the INVALID_* codes, BAD_REQUEST and UNPROCESSABLE_ENTITY; 401 UNAUTHORIZED;
 * 403 FORBIDDEN; 500 INTERNAL_SERVER_ERROR).
 */
export type OctoErrorCode =
  | 'INVALID_PRODUCT_ID'
  | 'INVALID_OPTION_ID'
  | 'INVALID_UNIT_ID'
  | 'INVALID_AVAILABILITY_ID'
  | 'INVALID_BOOKING_UUID'
  | 'BAD_REQUEST'
  | 'UNPROCESSABLE_ENTITY'
  | 'UNAUTHORIZED'
  | 'FORBIDDEN'
  | 'INTERNAL_SERVER_ERROR';

const STATUS: Record<OctoErrorCode, number> = {
  INVALID_PRODUCT_ID: 400,
  INVALID_OPTION_ID: 400,
  INVALID_UNIT_ID: 400,
  INVALID_AVAILABILITY_ID: 400,
  INVALID_BOOKING_UUID: 400,
  BAD_REQUEST: 400,
  UNPROCESSABLE_ENTITY: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  INTERNAL_SERVER_ERROR: 500,
};

export class OctoError extends Error {
  readonly status: number;
  constructor(
    readonly code: OctoErrorCode,
    message: string,
    /** The id at fault, e.g. { productId } for INVALID_PRODUCT_ID. */
    readonly extra: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'OctoError';
    this.status = STATUS[code];
  }

  get body() {
    return { error: this.code, errorMessage: this.message, ...this.extra };
  }
}

export const invalidProduct = (productId: string) =>
  new OctoError('INVALID_PRODUCT_ID', `The productId ${productId} was missing or invalid`, { productId });
export const invalidOption = (optionId: string) =>
  new OctoError('INVALID_OPTION_ID', `The optionId ${optionId} was missing or invalid`, { optionId });
export const invalidUnit = (unitId: string) =>
  new OctoError('INVALID_UNIT_ID', `The unitId ${unitId} was missing or invalid`, { unitId });
export const invalidAvailability = (availabilityId: string, why = 'was missing or invalid') =>
  new OctoError('INVALID_AVAILABILITY_ID', `The availabilityId ${availabilityId} ${why}`, { availabilityId });
export const invalidBooking = (uuid: string, why = 'was missing or invalid') =>
  new OctoError('INVALID_BOOKING_UUID', `The booking uuid ${uuid} ${why}`, { uuid });
export const octoBadRequest = (message: string) => new OctoError('BAD_REQUEST', message);
export const unprocessable = (message: string) => new OctoError('UNPROCESSABLE_ENTITY', message);
