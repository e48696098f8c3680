import { useParams } from 'react-router';
import { MicroPageView } from './micro-page-view';

/** /micro/page/:id — a micro page opened from a link, so it has a way back. */
export default function MicroPageScreen() {
  const { id } = useParams();
  return <MicroPageView id={Number(id)} back />;
}
