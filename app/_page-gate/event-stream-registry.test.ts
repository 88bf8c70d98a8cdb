import { describe, expect, it } from 'vitest';
import { EventStreamRegistry } from './event-stream-registry';

describe('EventStreamRegistry', () => {
  it('refuses past the cap of a link and of an address, and counts a stream out once however often it is released', () => {
    const registry = new EventStreamRegistry({ perCheckout: 2, perAddress: 3 });
    const first = registry.open('link-a', '10.0.0.1')!;
    registry.open('link-a', '10.0.0.1');
    expect(registry.open('link-a', '10.0.0.2')).toBeNull();
    registry.open('link-b', '10.0.0.1');
    expect(registry.open('link-c', '10.0.0.1')).toBeNull();
    expect(registry.size()).toBe(3);
    first();
    first();
    expect(registry.size()).toBe(2);
    expect(registry.open('link-a', '10.0.0.2')).not.toBeNull();
    expect(registry.open('link-a', '10.0.0.2')).toBeNull();
  });
});
