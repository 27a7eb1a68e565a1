import { DEDUPE_MIN_SIMILARITY } from '../../../../common/domains/announcements/model.js';

// Whether two subjects say the same thing (docs/announcements.md "De-duplication"): word sets
// after lower-casing, dropping punctuation, stop words and the company's own name and codes,
// then Jaccard ≥ DEDUPE_MIN_SIMILARITY or one set inside the other. Pure: ingest.ts asks the
// database for the candidates (same company, the other exchange, within the window).

const STOP_WORDS = new Set(
  'a an and are as at be by for from has have in into is it its of on or re the this that to under was were with ltd limited pvt private plc inc co company'.split(' '),
);

/** The words that carry a subject's meaning, `noise` (the company's name and codes) left out. */
export function subjectWords(subject: string, noise: readonly string[] = []): Set<string> {
  const dropped = new Set<string>();
  for (const text of noise) for (const word of tokens(text)) dropped.add(word);
  return new Set(tokens(subject).filter((word) => !STOP_WORDS.has(word) && !dropped.has(word)));
}

function tokens(text: string): string[] {
  return text
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word !== '');
}

/** Jaccard of the two word sets; 1 when one holds the other (and is not empty). */
export function subjectSimilarity(a: ReadonlySet<string>, b: ReadonlySet<string>): number {
  if (a.size === 0 || b.size === 0) return 0;
  const [small, large] = a.size <= b.size ? [a, b] : [b, a];
  let shared = 0;
  for (const word of small) if (large.has(word)) shared += 1;
  if (shared === small.size) return 1;
  return shared / (a.size + b.size - shared);
}

export function sameDisclosure(a: ReadonlySet<string>, b: ReadonlySet<string>): boolean {
  return subjectSimilarity(a, b) >= DEDUPE_MIN_SIMILARITY;
}

export interface GroupCandidate {
  id: number;
  /** The lead of its group, null when alone. */
  groupId: number | null;
  disseminatedAt: number;
  similarity: number;
}

export interface GroupRow {
  id: number;
  groupId: number | null;
  disseminatedAt: number;
  /** Its group has a published (or retracted) member: the lead stays. */
  decided?: boolean;
}

/**
 * Puts new rows into groups, earliest first: each joins the group of its most similar candidate
 * (ties: the earliest); the earliest member leads unless the group was decided already. Returns
 * the rows whose group changed (id → lead) and how many new rows joined a group.
 */
export function assignGroups(
  newRows: readonly GroupRow[],
  candidatesOf: ReadonlyMap<number, readonly GroupCandidate[]>,
  known: ReadonlyMap<number, GroupRow>,
): { changes: Map<number, number>; grouped: number } {
  const rows = new Map<number, GroupRow>(known);
  for (const row of newRows) rows.set(row.id, { ...row });
  const members = new Map<number, Set<number>>();
  for (const row of rows.values()) if (row.groupId !== null) (members.get(row.groupId) ?? members.set(row.groupId, new Set()).get(row.groupId))?.add(row.id);
  const changes = new Map<number, number>();
  let grouped = 0;
  const setGroup = (id: number, lead: number) => {
    const row = rows.get(id) as GroupRow;
    if (row.groupId === lead) return;
    if (row.groupId !== null) members.get(row.groupId)?.delete(id);
    row.groupId = lead;
    (members.get(lead) ?? members.set(lead, new Set()).get(lead))?.add(id);
    changes.set(id, lead);
  };
  const order = [...newRows].sort((a, b) => a.disseminatedAt - b.disseminatedAt || a.id - b.id);
  for (const fresh of order) {
    const row = rows.get(fresh.id) as GroupRow;
    if (row.groupId !== null) continue;
    const best = [...(candidatesOf.get(fresh.id) ?? [])]
      .filter((candidate) => rows.has(candidate.id))
      .sort((a, b) => b.similarity - a.similarity || a.disseminatedAt - b.disseminatedAt || a.id - b.id)[0];
    if (!best) continue;
    const other = rows.get(best.id) as GroupRow;
    const leadId = other.groupId ?? other.id;
    const lead = rows.get(leadId) ?? other;
    const earlier = row.disseminatedAt < lead.disseminatedAt || (row.disseminatedAt === lead.disseminatedAt && row.id < lead.id);
    if (earlier && !lead.decided) {
      // The new row was filed first: it leads, and the group's members follow it.
      const following = [...(members.get(leadId) ?? [])];
      setGroup(row.id, row.id);
      for (const id of new Set([...following, leadId, other.id])) setGroup(id, row.id);
    } else {
      setGroup(leadId, leadId);
      setGroup(row.id, leadId);
    }
    grouped += 1;
  }
  return { changes, grouped };
}
