// Filled in with the migrated template database (see tests/db) once the schema lands.
export default function setup(): void {}
