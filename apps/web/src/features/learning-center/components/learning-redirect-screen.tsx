import { Navigate, useLocation } from 'react-router';
import { href } from '../../../config/route-paths';

/** /learning (the Learning tab): docs/product.md#routes sends it to My courses; the query (pathFrom) goes along. */
export default function LearningRedirectScreen() {
  const { search } = useLocation();
  return <Navigate to={{ pathname: href('MyCourseList'), search }} replace />;
}
