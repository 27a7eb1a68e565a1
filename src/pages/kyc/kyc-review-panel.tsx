import { Skeleton } from 'antd';
import { lazy, Suspense } from 'react';
import type { PanelProps } from '../generic/panels';
import type { KycSubject } from './kyc-api';

// The review (file viewer, masking tool, decision panel) is the heaviest KYC code: loaded
// when a document's page opens, not with the registry every page reads.
const KycReview = lazy(() => import('./kyc-review'));
const SubjectDocuments = lazy(() => import('./kyc-review').then((module) => ({ default: module.SubjectDocuments })));

/** The `kyc-review` panel of a KYC document's show page (common/resources/kyc-documents.ts). */
export function KycReviewPanel({ record }: PanelProps) {
  const id = String(record.id);
  return (
    <Suspense fallback={<Skeleton active />}>
      {/* Keyed by id: moving to the subject's next document starts its review afresh. */}
      <KycReview key={id} id={id} />
    </Suspense>
  );
}

/** The `kyc-subject-documents` panel of a subject's show page: its documents, each opening its review. */
export function KycSubjectDocumentsPanel({ record }: PanelProps) {
  return (
    <Suspense fallback={<Skeleton active />}>
      <SubjectDocuments subject={record as unknown as KycSubject} current={-1} />
    </Suspense>
  );
}
