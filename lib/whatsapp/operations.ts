export { MSetWhatsappChannelDocument as MSetWhatsappChannel } from './operations.generated';
