import { useParams } from 'react-router';
import type { RouteSpec } from '../../../common/resources/generate';
import NotFoundPage from '../errors/not-found-page';
import KycDocumentsList from './kyc-documents-list';
import KycReview from './kyc-review';

/** The KYC documents resource's custom page: the review queue, or one document's review. */
export default function KycDocumentsPage({ route }: { route: RouteSpec }) {
  const { id } = useParams();
  if (route.action === 'list') return <KycDocumentsList />;
  // Keyed by id: moving to the subject's next document starts its review afresh.
  return id ? <KycReview key={id} id={id} /> : <NotFoundPage />;
}
