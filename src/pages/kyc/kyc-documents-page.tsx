import { useNavigation } from '@refinedev/core';
import { Navigate, useParams } from 'react-router';
import NotFoundPage from '../errors/not-found-page';

/**
 * A KYC document's edit route (`actionPages.edit`): no form edits a document, its decisions
 * are taken in the review, so the route shows the review (the generic show page).
 */
export default function KycDocumentsPage() {
  const { id } = useParams();
  const { showUrl } = useNavigation();
  return id ? <Navigate replace to={showUrl('kyc-documents', id)} /> : <NotFoundPage />;
}
