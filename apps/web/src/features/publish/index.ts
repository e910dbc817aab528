export { PublishTab } from './PublishTab';
export { publishPagePath } from './links';
export { PublishPage } from './PublishPage';
