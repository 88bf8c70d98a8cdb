import { randomBytes } from 'node:crypto';
import postgres from 'postgres';

export interface ClusterDatabase {
  name: string;
  url: string;
  drop(): Promise<void>;
}

/** The same server as `adminUrl`, another database. */
function withDatabase(adminUrl: string, database: string): string {
  const parsed = new URL(adminUrl);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

/**
 * A fresh, empty database of its own for one run (the caller migrates it once its drop is
 * registered). `drop` removes it even while connections are still open: a killed process may leave
 * one behind for a moment.
 */
export async function createClusterDatabase(adminUrl: string): Promise<ClusterDatabase> {
  const name = `corridor_cluster_${randomBytes(5).toString('hex')}`;
  const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
  try {
    await admin.unsafe(`create database "${name}"`);
  } finally {
    await admin.end();
  }
  const url = withDatabase(adminUrl, name);
  return {
    name,
    url,
    drop: async () => {
      const dropper = postgres(adminUrl, { max: 1, onnotice: () => {} });
      try {
        await dropper.unsafe(`drop database if exists "${name}" with (force)`);
      } finally {
        await dropper.end();
      }
    },
  };
}
