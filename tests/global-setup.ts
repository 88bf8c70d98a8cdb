import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import postgres from 'postgres';
import type { TestProject } from 'vitest/node';
import { connect } from '../db/client';
import { migrateDatabase } from '../db/migrate';
import './db/provided';

/**
 * Migrates one database per run and hands it to the test files to clone, because a fresh PGlite
 * costs seconds and a migration more: PostgreSQL (TEST_DATABASE_URL) gets a template database
 * that each file copies with CREATE DATABASE ... TEMPLATE; PGlite gets a dumped data directory that
 * each file loads. The PGlite dump is made in both cases, since the embedded path is always tested.
 */
export default async function setup(project: TestProject) {
  const workDir = await mkdtemp(path.join(os.tmpdir(), 'corridor-test-'));

  const pglite = connect({});
  await migrateDatabase({ database: pglite });
  const client = (pglite.db as unknown as { $client: { dumpDataDir(c: 'none'): Promise<Blob> } }).$client;
  const dump = await client.dumpDataDir('none');
  const dumpFile = path.join(workDir, 'migrated.tar');
  await writeFile(dumpFile, Buffer.from(await dump.arrayBuffer()));
  await pglite.close();
  project.provide('pgliteDump', dumpFile);

  const adminUrl = process.env.TEST_DATABASE_URL;
  let dropTemplate: (() => Promise<void>) | undefined;
  if (adminUrl) {
    const template = `corridor_tpl_${process.pid}_${Date.now().toString(36)}`;
    const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
    await admin.unsafe(`create database "${template}"`);
    await migrateDatabase({ url: withDatabase(adminUrl, template) });
    project.provide('testDb', { kind: 'postgres', adminUrl, template });
    dropTemplate = async () => {
      await admin.unsafe(`drop database if exists "${template}" with (force)`);
      await admin.end();
    };
  } else {
    project.provide('testDb', { kind: 'pglite', dumpFile });
  }

  return async () => {
    await dropTemplate?.();
    await rm(workDir, { recursive: true, force: true });
  };
}

export function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}
