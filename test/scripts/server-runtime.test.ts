import { spawnSync } from 'node:child_process';
import { afterEach, describe, expect, it } from 'vitest';
import { SERVER_ALLOCATOR_ENV, SERVER_NODE_FLAGS, serverProcess } from '../../scripts/lib/server-runtime.js';

describe('serverProcess (how npm start and the benchmarks run the compiled server)', () => {
  const saved = { ...process.env };
  afterEach(() => {
    process.env = { ...saved };
  });

  it('when nothing is set, then the server gets the Node flags and the allocator settings', () => {
    delete process.env.SERVER_NODE_OPTIONS;
    delete process.env.MALLOC_ARENA_MAX;
    delete process.env.MALLOC_MMAP_THRESHOLD_;
    const runtime = serverProcess({ PORT: '9000' });
    expect(runtime.nodeFlags).toEqual([...SERVER_NODE_FLAGS]);
    expect(runtime.env).toMatchObject({ ...SERVER_ALLOCATOR_ENV, PORT: '9000' });
  });

  it('when the environment sets an allocator variable or SERVER_NODE_OPTIONS, then those win', () => {
    process.env.MALLOC_ARENA_MAX = '4';
    process.env.SERVER_NODE_OPTIONS = ' --max-semi-space-size=16  ';
    const runtime = serverProcess();
    expect(runtime.env.MALLOC_ARENA_MAX).toBe('4');
    expect(runtime.env.MALLOC_MMAP_THRESHOLD_).toBe(SERVER_ALLOCATOR_ENV.MALLOC_MMAP_THRESHOLD_);
    expect(runtime.nodeFlags).toEqual(['--max-semi-space-size=16']);
    expect(serverProcess({ SERVER_NODE_OPTIONS: '' }).nodeFlags).toEqual([]);
  });

  it('when this Node starts with the flags and the environment, then it accepts them and the server can ask for a collection', () => {
    delete process.env.SERVER_NODE_OPTIONS;
    const runtime = serverProcess();
    const probe = spawnSync(
      process.execPath,
      [...runtime.nodeFlags, '-e', "process.stdout.write(JSON.stringify({ arena: process.env.MALLOC_ARENA_MAX, threshold: process.env.MALLOC_MMAP_THRESHOLD_, gc: typeof globalThis.gc }))"],
      { env: runtime.env, encoding: 'utf8' },
    );
    expect(probe.stderr).toBe('');
    expect(probe.status).toBe(0);
    expect(JSON.parse(probe.stdout)).toEqual({ arena: SERVER_ALLOCATOR_ENV.MALLOC_ARENA_MAX, threshold: SERVER_ALLOCATOR_ENV.MALLOC_MMAP_THRESHOLD_, gc: "function" });
  });
});
