import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.js';
import { tenantIdColumn } from './tenant-id.js';

const conversionStatusValues = ['NOT_STARTED', 'RUNNING', 'FAILED', 'COMPLETED'] as const;

/** One stored file of a media item: its storage key, the name learners see, type and size. */
export interface MediaFile {
  key: string;
  name: string;
  contentType: string;
  size: number;
}

/** A page of a document drawn as an image when it was stored, with its size in pixels. */
export interface PageImage extends MediaFile {
  width: number;
  height: number;
  /** The page's text, a file of its own, for screen readers; absent: none (a scan, or drawn before). */
  text?: MediaFile;
}

/**
 * What a lesson or a lecture plays: one file (mp4, mp3, pdf, a download), an HLS playlist with
 * its segments, or slide images. Stored through the storage provider, served only by routes
 * that check membership (never as public files).
 */
export const media = pgTable(
  'media',
  {
    id: serial('id').primaryKey(),
    tenantId: tenantIdColumn(),
    format: text('format', { enum: ['FILE', 'HLS', 'SLIDES'] }).notNull(),
    /** The first file is the one played (the playlist for HLS); slides in order. */
    files: jsonb('files').$type<MediaFile[]>().notNull(),
    /** Seconds of video or audio. */
    duration: integer('duration'),
    /** Pages of a document, or slides. */
    pageCount: integer('page_count'),
    /**
     * A PDF's pages drawn as images when it was stored, in order (decision 029): the viewer shows
     * them without pdf.js. Empty: not drawn (stored before, or the drawing failed); pdf.js draws it.
     */
    pageImages: jsonb('page_images').$type<PageImage[]>().notNull().default([]),
    conversionStatus: text('conversion_status', { enum: conversionStatusValues }).notNull().default('COMPLETED'),
    /**
     * A video a school's pack brought as it was filmed (an mp4): the conversion job makes `files`
     * (HLS renditions and a poster) from it. Null for media stored as they play.
     */
    source: jsonb('source').$type<MediaFile & { source?: string }>(),
    /** When a conversion process took this row (RUNNING): one that stopped is taken again later. */
    conversionStartedAt: timestamp('conversion_started_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
  },
  (t) => [
    check('media_format_check', sql`${t.format} in ('FILE', 'HLS', 'SLIDES')`),
    index('media_conversion_due_idx')
      .on(t.conversionStatus, t.id)
      .where(sql`${t.conversionStatus} in ('NOT_STARTED', 'RUNNING')`),
    check(
      'media_conversion_status_check',
      sql`${t.conversionStatus} in ('NOT_STARTED', 'RUNNING', 'FAILED', 'COMPLETED')`,
    ),
  ],
);
