export { PublishTab, publishPagePath } from './PublishTab';
export { PublishPage } from './PublishPage';
