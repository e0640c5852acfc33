// A trigger for work that must not run twice at once: a trigger during a run asks for exactly
// one more run after it, however many triggers arrive.
export interface Coalesced {
  trigger(): void;
  stop(): void;
  readonly busy: boolean;
}

export function coalesced(task: () => Promise<void>, onError: (err: Error) => void): Coalesced {
  let busy = false;
  let again = false;
  let stopped = false;
  const trigger = (): void => {
    if (stopped) return;
    if (busy) {
      again = true;
      return;
    }
    busy = true;
    again = false;
    task()
      .catch(onError)
      .finally(() => {
        busy = false;
        if (again) trigger();
      });
  };
  return {
    trigger,
    stop: () => {
      stopped = true;
    },
    get busy() {
      return busy;
    },
  };
}
