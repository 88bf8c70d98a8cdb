export { errorCodes, httpStatusOf, type ErrorCode } from './codes';
export { DomainError, isDomainError, type ErrorDetail } from './domain-error';
export { asDatabaseUnavailable } from './database-unavailable';
