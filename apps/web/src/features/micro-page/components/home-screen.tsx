import { useParams } from 'react-router';
import { MicroPageView } from './micro-page-view';

/** /home/:id — a micro page that is the destination of a tab (no back button). */
export default function HomeScreen() {
  const { id } = useParams();
  return <MicroPageView id={Number(id)} home />;
}
