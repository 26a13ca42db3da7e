import { ENGINE, chooseEngine } from './engine-binding';

describe('the engine binding', () => {
  it('binds to cdktf, the engine installed in this repository', () => {
    expect(chooseEngine({})).toBe('cdktf');
    expect(ENGINE).toBe('cdktf');
  });

  it('takes CDKWS_ENGINE when set, and names the choices when it is wrong', () => {
    expect(chooseEngine({ CDKWS_ENGINE: 'cdktn' })).toBe('cdktn');
    expect(() => chooseEngine({ CDKWS_ENGINE: 'pulumi' })).toThrow('CDKWS_ENGINE must be "cdktf" or "cdktn" (got "pulumi")');
  });
});
