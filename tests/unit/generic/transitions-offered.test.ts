import { describe, expect, it, vi } from 'vitest';
import { dataCorrections } from '../../../common/resources/data-corrections';
import { asksFirst, bulkOffered, offeredFor } from '../../../src/pages/generic/transitions/available';
import { transitionHotkeys } from '../../../src/pages/generic/transitions/hotkeys';

// What the generic pages offer of a workflow (src/pages/generic/transitions), by the rules the
// server enforces (common/resources/workflow.ts), on data corrections.

const names = (offered: ReturnType<typeof offeredFor>) => offered.map(({ transition, blocked }) => (blocked ? `${transition.name}:${blocked}` : transition.name));

describe('the transitions a page offers', () => {
  it('only those of the record state the role may perform; the maker sees the checker step disabled', () => {
    const open = { id: '1', status: 'open', reportedBy: '7', version: 1 };
    const inReview = { ...open, status: 'in_review' };
    expect(names(offeredFor(dataCorrections, open, { role: 2, userId: '8' }))).toEqual(['startReview']);
    expect(names(offeredFor(dataCorrections, open, { role: 1, userId: '8' }))).toEqual(['startReview', 'reject']);
    expect(names(offeredFor(dataCorrections, inReview, { role: 2, userId: '8' }))).toEqual(['fix']);
    // Ids compare as text: the API sends bigints as strings, PGlite as numbers.
    expect(names(offeredFor(dataCorrections, { ...inReview, reportedBy: 7 }, { role: 1, userId: '7' }))).toEqual(['fix:makerChecker', 'reject']);
    expect(names(offeredFor(dataCorrections, { ...open, status: 'fixed' }, { role: 0, userId: '8' }))).toEqual([]);
    expect(names(offeredFor(dataCorrections, open, { role: null, userId: null }))).toEqual([]);
  });

  it('bulk transitions by role, and which ask first (reason, comment, danger)', () => {
    expect(bulkOffered(dataCorrections, 2).map((transition) => transition.name)).toEqual(['startReview']);
    expect(bulkOffered(dataCorrections, 1).map((transition) => transition.name)).toEqual(['startReview', 'reject']);
    const byName = Object.fromEntries((dataCorrections.workflow?.transitions ?? []).map((transition) => [transition.name, transition]));
    expect([byName.startReview, byName.fix, byName.reject, byName.reopen].map((transition) => transition && asksFirst(transition))).toEqual([false, true, true, true]);
  });

  it('hotkeys: the keys of the transitions the role may perform, each running its own on the record', () => {
    const perform = vi.fn();
    const analyst = transitionHotkeys(dataCorrections, 2, perform);
    expect(analyst.map((hotkey) => [hotkey.key, hotkey.labelKey])).toEqual([
      ['i', 'dataCorrections.transitions.startReview'],
      ['f', 'dataCorrections.transitions.fix'],
    ]);
    expect(transitionHotkeys(dataCorrections, 1, perform).map((hotkey) => hotkey.key)).toEqual(['i', 'f', 'r']);
    const record = { id: '3', status: 'in_review' };
    analyst[1]?.run(record);
    expect(perform).toHaveBeenCalledWith(expect.objectContaining({ name: 'fix' }), record);
  });
});
