// Integration › Rules › Sources: the shared list of data-integration bridges, for sources.
import { BridgeListPage } from '../actions/components/BridgeListPage';
import './sources.messages';

export default function SourcesPage() {
  return <BridgeListPage kind="sources" />;
}
