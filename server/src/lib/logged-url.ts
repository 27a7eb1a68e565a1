// A run of 12 digits in a query string (spaces or hyphens between them, encoded or not) may be
// an Aadhaar number someone searched for (GET kyc/subjects?q=): it never reaches a log line
// (issue 11). Every logged URL goes through here.
const DIGIT_RUN = /[0-9](?:(?:%20|%2d|\+|-|\s)?[0-9]){11,}/gi;

/** The URL as a log line shows it. */
export function loggedUrl(url: string): string {
  const query = url.indexOf('?');
  return query < 0 ? url : url.slice(0, query) + url.slice(query).replace(DIGIT_RUN, '[redacted]');
}
