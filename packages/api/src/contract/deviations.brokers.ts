// Managed brokers (docs/api-extensions.md, "Several brokers in one console"): the brokers this node's console manages
// besides the node itself, and the pass-through to each one's /api/v5. Merged into `ExtensionPaths` by extensions.ts.

/** A managed broker as the API shows it: its credential is never sent back (`******`). */
export interface BrokerView {
  id: string;
  name: string;
  url: string;
  /** `password`: a dashboard user of that broker; `api_key`: an API key and its secret */
  auth_type: 'password' | 'api_key';
  username: string;
  secret: string;
  /** PEM of the CA its certificate is checked against ('' = the system's) */
  ca: string;
  insecure: boolean;
  /** what the broker said of itself when it was last checked */
  version: string;
  edition: string;
  created_at: string;
}

/** What POST and PUT take; checked by the handler (`******` as the secret keeps the stored one). */
export interface BrokerInput {
  name?: unknown;
  url?: unknown;
  auth_type?: unknown;
  username?: unknown;
  secret?: unknown;
  ca?: unknown;
  insecure?: unknown;
}

export interface BrokersExtensions {
  '/mqdeck/brokers': {
    get: { query: undefined; params: undefined; body: undefined; responses: { 200: BrokerView[] } };
    post: { query: undefined; params: undefined; body: BrokerInput; responses: { 201: BrokerView } };
  };
  '/mqdeck/brokers/{id}': {
    put: { query: undefined; params: { id: string }; body: BrokerInput; responses: { 200: BrokerView } };
    delete: { query: undefined; params: { id: string }; body: undefined; responses: { 204: undefined } };
  };
}
