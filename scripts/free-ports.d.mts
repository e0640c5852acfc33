// Types of scripts/free-ports.mjs (plain JavaScript, also run by scripts/e2e.mjs and boot-check.mjs).
export function freePorts(count: number): Promise<number[]>;
