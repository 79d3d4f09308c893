import { BridgeDetailPage } from './components/BridgeDetailPage';

export default function ActionDetailPage() {
  return <BridgeDetailPage kind="actions" />;
}
