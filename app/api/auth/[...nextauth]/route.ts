import { handlers } from '../../../_auth/auth';

export const { GET, POST } = handlers;
