export { newEventId, writeEvent, type EventPayload, type NewEvent } from './write-event';
