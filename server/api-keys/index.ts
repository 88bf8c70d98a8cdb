export { issueApiKey, type ApiKeyOwnerRef, type IssuedApiKey } from './issue-api-key';
export { revokeApiKey } from './revoke-api-key';
