import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import type { exportScreenMachine } from './export-screen.machine';

export type ExportScreenActorRef = ActorRefFrom<typeof exportScreenMachine>;
export type ExportScreenSnapshot = SnapshotFrom<typeof exportScreenMachine>;

export const selectKind = (s: ExportScreenSnapshot) => s.context.kind;
export const selectStartDate = (s: ExportScreenSnapshot) => s.context.startDate;
export const selectEndDate = (s: ExportScreenSnapshot) => s.context.endDate;
export const selectOta = (s: ExportScreenSnapshot) => s.context.ota;
export const selectStatus = (s: ExportScreenSnapshot) => s.context.status;
export const selectNote = (s: ExportScreenSnapshot) => s.context.note;
export const selectNoteError = (s: ExportScreenSnapshot) => s.context.noteError;
export const selectResult = (s: ExportScreenSnapshot) => s.context.result;
export const selectBusy = (s: ExportScreenSnapshot) => s.hasTag('busy');
export const selectCanExport = (s: ExportScreenSnapshot) => s.can({ type: 'export.submit' });
export const selectExporter = (s: ExportScreenSnapshot) => s.children.exporter;
export const selectDateRange = (s: ExportScreenSnapshot) => s.children.dateRange;
