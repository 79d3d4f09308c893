import { BridgeCreatePage } from '../actions/components/BridgeCreatePage';
import './sources.messages';

export default function SourceCreatePage() {
  return <BridgeCreatePage kind="sources" />;
}
