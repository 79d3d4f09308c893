import { BridgeDetailPage } from '../actions/components/BridgeDetailPage';
import './sources.messages';

export default function SourceDetailPage() {
  return <BridgeDetailPage kind="sources" />;
}
