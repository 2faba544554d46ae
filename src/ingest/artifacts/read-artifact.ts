import { AsyncLocalStorage } from 'node:async_hooks';
import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { ArtifactFile } from '../canonical.js';
import { IngestError } from '../ingest-error.js';
import { isGzip, isZip, readArchive } from './archive.js';
import { downloadPolicy, fetchToFile, type Downloaded } from './download.js';
import { readStandardInput, STANDARD_INPUT } from './standard-input.js';

export interface Artifact {
  location: string;
  /** SHA-256 of the bytes retrieved (a download or archive), or of the file manifest for a folder. */
  sha256: string;
  bytes: number;
  retrievedAt: string;
  files: ArtifactFile[];
}

const SKIPPED_DIRS = new Set(['.git', 'node_modules']);

export function sha256(bytes: Buffer | string): string {
  return createHash('sha256').update(bytes).digest('hex');
}

function fileOf(uri: string, bytes: Buffer, retrievedAt: string): ArtifactFile {
  return { uri: uri.split(path.sep).join('/'), bytes, sha256: sha256(bytes), retrievedAt };
}

async function walk(dir: string): Promise<string[]> {
  const out: string[] = [];
  for (const entry of await fs.readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory() && !SKIPPED_DIRS.has(entry.name)) out.push(...(await walk(full)));
    else if (entry.isFile()) out.push(full);
  }
  return out.sort();
}

function manifestHash(files: ArtifactFile[]): string {
  return sha256(files.map((f) => `${f.sha256}  ${f.uri}\n`).join(''));
}

async function fromBytes(
  location: string,
  uri: string,
  bytes: Buffer,
  retrievedAt: string,
): Promise<Artifact> {
  const files =
    isGzip(bytes) || isZip(bytes)
      ? (await readArchive(bytes, location)).map((e) => fileOf(e.path, e.bytes, retrievedAt))
      : [fileOf(uri, bytes, retrievedAt)];
  return { location, sha256: sha256(bytes), bytes: bytes.length, retrievedAt, files };
}

/** Last two path segments, so a single `2023-24/en.1.json` keeps its season folder. */
function tailUri(p: string): string {
  return p.split(/[\\/]/).filter(Boolean).slice(-2).join('/');
}

export function isUrl(location: string): boolean {
  return /^https?:\/\//i.test(location);
}

/** The artifact of a body downloaded from `location` (see fetchToFile); the file is left in place. */
export async function readDownloaded(location: string, downloaded: Downloaded): Promise<Artifact> {
  const bytes = await fs.readFile(downloaded.file);
  return fromBytes(location, tailUri(new URL(location).pathname), bytes, downloaded.retrievedAt);
}

const given = new AsyncLocalStorage<Artifact>();

/**
 * Runs `work` with `artifact` already read: within it, readArtifact of the artifact's location returns it
 * instead of reading the location again (a refresh reads the artifact first, to tell whether it changed).
 */
export function withArtifact<T>(artifact: Artifact, work: () => Promise<T>): Promise<T> {
  return given.run(artifact, work);
}

/**
 * Reads a source artifact: a folder, a single file, a .tar.gz/.zip archive, or an http(s) URL to any of
 * these (downloaded to a temporary file first), or `-`: standard input, a single file or an archive.
 * Files are named by their path relative to the folder's parent, so season folders stay visible.
 */
export async function readArtifact(location: string): Promise<Artifact> {
  const read = given.getStore();
  if (read && read.location === location) return read;
  if (location === STANDARD_INPUT) {
    // A pipe is as unbounded as a download: the same cap.
    const bytes = await readStandardInput(process.stdin, downloadPolicy().maxBytes);
    return fromBytes(location, 'stdin', bytes, new Date().toISOString());
  }
  if (isUrl(location)) {
    const downloaded = await fetchToFile(location);
    if (downloaded.status !== 'downloaded') throw new IngestError(`${location}: unexpected 304`);
    try {
      return await readDownloaded(location, downloaded);
    } finally {
      await downloaded.remove();
    }
  }
  let stat;
  try {
    stat = await fs.stat(location);
  } catch {
    throw new IngestError(`${location}: no such file or folder`);
  }
  const retrievedAt = new Date().toISOString();
  if (stat.isDirectory()) {
    const base = path.dirname(path.resolve(location));
    const files: ArtifactFile[] = [];
    for (const full of await walk(location)) {
      files.push(fileOf(path.relative(base, path.resolve(full)), await fs.readFile(full), retrievedAt));
    }
    const bytes = files.reduce((n, f) => n + f.bytes.length, 0);
    return { location, sha256: manifestHash(files), bytes, retrievedAt, files };
  }
  return fromBytes(location, tailUri(path.resolve(location)), await fs.readFile(location), retrievedAt);
}
