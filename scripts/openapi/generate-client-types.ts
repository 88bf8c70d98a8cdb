import { writeFileSync } from 'node:fs';
import { CLIENT_TYPES_FILE, clientTypesSource } from './client-types';

// Writes clients/node/openapi-types.ts from the OpenAPI document (client-types.ts).
writeFileSync(CLIENT_TYPES_FILE, await clientTypesSource());
console.log(`wrote ${CLIENT_TYPES_FILE}`);
