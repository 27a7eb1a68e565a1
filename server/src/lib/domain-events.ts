import type { Queryable } from '../db/index.js';

// An in-process hook between modules: a change announces what happened inside its own
// transaction, and whoever listens does its part in that same transaction (docs/finview.md
// "Rules": the news status change emits `news.approved`, finview's event rules queue outputs).
// Nothing is delivered after the fact: a rolled-back change leaves no trace of its listeners'
// work either, and a committed one has all of it.

/** A news item that became APPROVED (not one that already was). */
export interface NewsApprovedEvent {
  newsItemId: string;
  tableName: string;
  companyId: number;
  companyName: string;
  headline: string;
  /** ISO 8601. */
  publishedAt: string;
}

/**
 * A workflow transition of a generic resource that declares an `event`
 * (common/resources/types.ts TransitionDefinition). Every resource's transitions share this
 * one name, so the map stays typed without an entry per resource: a listener picks its own
 * by `resource` and `event`.
 */
export interface WorkflowTransitionedEvent {
  resource: string;
  transition: string;
  /** The transition's `event`, e.g. `dataCorrection.fixed`. */
  event: string;
  id: string;
  from: string;
  to: string;
  actor: { id: string; username: string };
  reason: string | null;
  comment: string | null;
}

export interface DomainEventMap {
  'news.approved': NewsApprovedEvent;
  'workflow.transitioned': WorkflowTransitionedEvent;
}
export type DomainEventName = keyof DomainEventMap;

/** Gets every event of one emit at once (a bulk status change approves thousands of items in one go). */
export type DomainEventListener<K extends DomainEventName> = (tx: Queryable, events: ReadonlyArray<DomainEventMap[K]>) => Promise<void>;

export interface DomainEvents {
  on<K extends DomainEventName>(name: K, listener: DomainEventListener<K>): void;
  /** Whether anyone listens: an emitter may skip gathering an event's fields when no one does. */
  listened(name: DomainEventName): boolean;
  /**
   * Runs every listener of `name`, one after another, with the events, inside `tx`. A listener
   * that throws fails the emitter's transaction: listeners that must not do so catch their own.
   */
  emit<K extends DomainEventName>(tx: Queryable, name: K, events: ReadonlyArray<DomainEventMap[K]>): Promise<void>;
}

export function createDomainEvents(): DomainEvents {
  const listeners = new Map<DomainEventName, Array<DomainEventListener<DomainEventName>>>();
  return {
    on(name, listener) {
      const list = listeners.get(name) ?? [];
      list.push(listener as DomainEventListener<DomainEventName>);
      listeners.set(name, list);
    },
    listened: (name) => (listeners.get(name)?.length ?? 0) > 0,
    async emit(tx, name, events) {
      if (events.length === 0) return;
      for (const listener of listeners.get(name) ?? []) await listener(tx, events);
    },
  };
}
