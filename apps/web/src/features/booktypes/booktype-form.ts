/** Form values and schemas of the book type screen. */
import {
  type BookType,
  type BookTypeWrite,
  bookTypeUpdateSchema,
  bookTypeWriteSchema,
} from '@pruefbuch/domain/schemas/booktype';

/** The intervals are plain numbers while editing; the schema checks them against the interval list. */
export type BookTypeValues = Omit<BookTypeWrite, 'serviceinterval' | 'selfserviceinterval'> & {
  serviceinterval: number;
  selfserviceinterval: number;
  __v: number;
};

export const emptyBookTypeValues = (): BookTypeValues => ({
  type: '',
  component: '',
  icon: '',
  color: '',
  serviceinterval: 12,
  selfserviceinterval: 0,
  active: true,
  __v: 0,
});

export const bookTypeToValues = (bookType: BookType): BookTypeValues => ({
  type: bookType.type,
  component: bookType.component,
  icon: bookType.icon,
  color: bookType.color,
  serviceinterval: bookType.serviceinterval,
  selfserviceinterval: bookType.selfserviceinterval,
  active: bookType.active,
  __v: bookType.__v,
});

export const BOOKTYPE_FORM_SCHEMAS = { create: bookTypeWriteSchema, edit: bookTypeUpdateSchema } as const;
