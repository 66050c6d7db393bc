/** The notices the status shows, from every service that has something to tell the user. */
export { NoticeService } from './notice-service';
