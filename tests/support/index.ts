export * from './smtp-server.js';
export * from './test-app.js';
export * from './test-database.js';
export * from './event-stream.js';
export * from './fake-web-build.js';
