import { createContext, use, type ReactNode } from 'react';
import type { AppConfig } from '../../common/config/schema';
import type { Registry } from '../../common/resources/generate';

interface RuntimeContextValue {
  config: AppConfig;
  registry: Registry;
}

const RuntimeContext = createContext<RuntimeContextValue | null>(null);

/** The runtime config and the registry built from it, for the shell and pages. */
export function RuntimeProvider({ config, registry, children }: RuntimeContextValue & { children: ReactNode }) {
  return <RuntimeContext value={{ config, registry }}>{children}</RuntimeContext>;
}

export function useRuntime(): RuntimeContextValue {
  const value = use(RuntimeContext);
  if (!value) throw new Error('useRuntime must be used inside <RuntimeProvider>');
  return value;
}
