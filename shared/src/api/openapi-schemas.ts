import type * as z from 'zod';
import { alertInputSchema, alertLogItemSchema, alertSchema } from '../schemas/alert';
import { customerSchema } from '../schemas/customer';
import { exportInputSchema, exportSchema } from '../schemas/export';
import { ftpRetrieverSchema } from '../schemas/ftp-retriever';
import { imageSchema } from '../schemas/image';
import { coordinatesSchema, locationSchema } from '../schemas/location';
import { meterFileSchema } from '../schemas/meter-file';
import { notificationSchema } from '../schemas/notification';
import { pointInputSchema, pointSchema, tagSchema } from '../schemas/point';
import { reminderInputSchema, reminderSchema } from '../schemas/reminder';
import { reportContentSchema, reportInputSchema, reportSchema } from '../schemas/report';
import { dataEntrySchema, seriesAnswerSchema, seriesQuerySchema } from '../schemas/series';
import { loginPayloadSchema, visibleLocationSchema } from '../schemas/session';
import { sourceSchema } from '../schemas/source';
import { subscriptionInputSchema, subscriptionSchema } from '../schemas/subscription';
import { tabInputSchema, tabSchema } from '../schemas/tab';
import { userSchema, userSummarySchema } from '../schemas/user';
import { widgetDataSchema } from '../schemas/widget-data';
import { widgetInputSchema, widgetSchema, widgetSettingsSchema } from '../schemas/widget';
import { locationTreeResponseSchema } from './responses';

/**
 * The entity schemas the OpenAPI document names once under `components/schemas` and references
 * wherever a route reads or answers them. Listed here rather than tagged in the schema files, so
 * the schemas stay plain zod and the names are the document's concern only.
 */
export const OPENAPI_NAMED_SCHEMAS: Record<string, z.ZodType> = {
  Point: pointSchema,
  PointInput: pointInputSchema,
  Tag: tagSchema,
  Location: locationSchema,
  LocationTree: locationTreeResponseSchema,
  VisibleLocation: visibleLocationSchema,
  Coordinates: coordinatesSchema,
  Tab: tabSchema,
  TabInput: tabInputSchema,
  Widget: widgetSchema,
  WidgetInput: widgetInputSchema,
  WidgetSettings: widgetSettingsSchema,
  WidgetData: widgetDataSchema,
  Alert: alertSchema,
  AlertInput: alertInputSchema,
  AlertLogItem: alertLogItemSchema,
  Reminder: reminderSchema,
  ReminderInput: reminderInputSchema,
  Export: exportSchema,
  ExportInput: exportInputSchema,
  Report: reportSchema,
  ReportInput: reportInputSchema,
  ReportContent: reportContentSchema,
  Subscription: subscriptionSchema,
  SubscriptionInput: subscriptionInputSchema,
  User: userSchema,
  UserSummary: userSummarySchema,
  LoginPayload: loginPayloadSchema,
  Customer: customerSchema,
  Notification: notificationSchema,
  Source: sourceSchema,
  FtpRetriever: ftpRetrieverSchema,
  Image: imageSchema,
  MeterFile: meterFileSchema,
  DataEntry: dataEntrySchema,
  SeriesQuery: seriesQuerySchema,
  SeriesAnswer: seriesAnswerSchema,
};
