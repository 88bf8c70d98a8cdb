import type { ChainReader } from '../chains/chain-adapter';

/** The node's block hashes, asked once per height per tick (many deposits share a block). */
export interface BlockHashes {
  at(height: bigint): Promise<string | null>;
}

export function blockHashes(reader: ChainReader): BlockHashes {
  const seen = new Map<bigint, Promise<string | null>>();
  return {
    at(height) {
      let hash = seen.get(height);
      if (!hash) {
        hash = reader.blockHash(height);
        seen.set(height, hash);
      }
      return hash;
    },
  };
}
