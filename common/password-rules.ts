/** Shared by the server's rule and the forms' hints (no server-only imports here). */
export const MIN_PASSWORD_LENGTH = 12;
