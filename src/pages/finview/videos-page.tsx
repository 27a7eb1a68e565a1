import { useParams } from 'react-router';
import type { RouteSpec } from '../../../common/resources/generate';
import NotFoundPage from '../errors/not-found-page';
import OutputShow from './videos/output-show';
import VideosList from './videos/videos-list';

/** Videos and reports: the list, or one output's player. */
export default function VideosPage({ route }: { route: RouteSpec }) {
  const { id } = useParams();
  if (route.action === 'list') return <VideosList />;
  return id ? <OutputShow key={id} id={id} /> : <NotFoundPage />;
}
