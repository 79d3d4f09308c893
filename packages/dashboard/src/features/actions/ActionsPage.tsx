// Integration › Rules › Actions (Sink): the shared list of data-integration bridges, for actions.
import { BridgeListPage } from './components/BridgeListPage';

export default function ActionsPage() {
  return <BridgeListPage kind="actions" />;
}
