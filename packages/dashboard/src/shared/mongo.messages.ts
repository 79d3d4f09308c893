import { defineMessages } from '../i18n/defineMessages';

// Texts of the shared MongoServerFields (authentication and authorization both connect to MongoDB).
export const mongoMessages = defineMessages('mongo', {
  mongoType: { en: 'MongoDB Mode', zh: 'MongoDB 模式' },
  mongoType_single: { en: 'Standalone (single)', zh: '单节点（single）' },
  mongoType_sharded: { en: 'Sharded cluster (sharded)', zh: '分片集群（sharded）' },
  mongoType_rs: { en: 'Replica set (rs)', zh: '副本集（rs）' },
  server: { en: 'Server', zh: '服务' },
  servers: { en: 'Servers', zh: '服务列表' },
  serversHint: {
    en: 'Comma-separated host:port list: the replica set members, or the mongos routers of a sharded cluster',
    zh: '以逗号分隔的 host:port 列表：副本集成员，或分片集群的 mongos 路由节点',
  },
  replicaSetName: { en: 'Replica Set Name', zh: '副本集名称' },
  readMode: { en: 'Read Mode', zh: '读模式' },
  writeMode: { en: 'Write Mode', zh: '写模式' },
});
