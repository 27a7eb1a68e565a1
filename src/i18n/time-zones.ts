/** The IANA zones the browser knows, UTC first (a schedule's time zone picker); just UTC where Intl cannot list them. */
export function timeZones(): string[] {
  const supported = (Intl as { supportedValuesOf?: (key: string) => string[] }).supportedValuesOf;
  try {
    return supported ? ['UTC', ...supported('timeZone').filter((zone) => zone !== 'UTC')] : ['UTC'];
  } catch {
    return ['UTC'];
  }
}
