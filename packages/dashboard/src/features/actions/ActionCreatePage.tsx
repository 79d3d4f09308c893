import { BridgeCreatePage } from './components/BridgeCreatePage';

export default function ActionCreatePage() {
  return <BridgeCreatePage kind="actions" />;
}
