// The job files read: the generic CSV and the job exports of Jobber, Housecall Pro and ServiceTitan,
// each by its column names (docs/import.md cites the vendors' pages). Each layout names, per field,
// the headers it may carry, first match wins; headers compare without case or extra spaces.

export const JOB_LAYOUTS = ['csv', 'jobber', 'housecallpro', 'servicetitan'] as const;
export type JobLayout = (typeof JOB_LAYOUTS)[number];

export type JobField =
  | 'id'
  | 'date'
  | 'customer'
  | 'first_name'
  | 'last_name'
  | 'company'
  | 'customer_id'
  | 'email'
  | 'phone'
  | 'address'
  | 'technicians'
  | 'service';

export interface Layout {
  label: string;
  columns: Partial<Record<JobField, readonly string[]>>;
  /** Fields that must have a column */
  required: readonly JobField[];
  /** Either `customer` or both of these */
  nameParts?: readonly [JobField, JobField];
  /** Headers that say a file is in this layout (all of them present) */
  signature: readonly string[];
  /** What joins several technicians in one cell */
  separator: RegExp;
  /** The dates it writes: only YYYY-MM-DD (generic), or also US month/day/year and times */
  dates: 'iso' | 'export';
  /** A column not listed is an error (the generic CSV) or ignored (a vendor's export has many) */
  strict: boolean;
  /** An unknown technician or service fails the row (generic) or is left out and listed */
  unknownNames: 'error' | 'note';
}

export const LAYOUTS: Record<JobLayout, Layout> = {
  csv: {
    label: 'generic CSV',
    columns: {
      id: ['job_id'],
      date: ['date'],
      customer: ['customer'],
      customer_id: ['customer_id'],
      technicians: ['technicians'],
      service: ['service'],
      email: ['email'],
      phone: ['phone'],
      address: ['address'],
    },
    required: ['id', 'date', 'customer', 'technicians', 'service'],
    signature: ['job_id', 'customer'],
    separator: /;/,
    dates: 'iso',
    strict: true,
    unknownNames: 'error',
  },
  jobber: {
    label: 'Jobber jobs export',
    columns: {
      id: ['Job #', 'Job number', 'Job Number'],
      date: ['Completed', 'Completed date', 'Completed at', 'Closed', 'Start date', 'Schedule'],
      customer: ['Client name', 'Client'],
      first_name: ['Client first name', 'First name'],
      last_name: ['Client last name', 'Last name'],
      company: ['Company name', 'Client company'],
      email: ['Client email', 'Email'],
      phone: ['Client phone', 'Phone'],
      address: ['Service address', 'Property address', 'Address'],
      technicians: ['Visits assigned to', 'Assigned to', 'Team'],
      service: ['Job title', 'Title', 'Line items'],
    },
    required: ['id', 'date'],
    nameParts: ['first_name', 'last_name'],
    signature: ['Job #', 'Client name'],
    separator: /[;,]/,
    dates: 'export',
    strict: false,
    unknownNames: 'note',
  },
  housecallpro: {
    label: 'Housecall Pro job report export',
    columns: {
      id: ['Invoice Number', 'Job #', 'Job'],
      date: ['Date', 'Finished'],
      customer: ['Customer'],
      first_name: ['First Name'],
      last_name: ['Last Name'],
      company: ['Company'],
      email: ['Email'],
      phone: ['Mobile Phone', 'Home Phone'],
      address: ['Address', 'Street'],
      technicians: ['Employee', 'Employees', 'Assigned Employees'],
      service: ['Job Description', 'Description', 'Line Items'],
    },
    required: ['id', 'date'],
    nameParts: ['first_name', 'last_name'],
    signature: ['Invoice Number', 'First Name', 'Last Name'],
    separator: /[;,]/,
    dates: 'export',
    strict: false,
    unknownNames: 'note',
  },
  servicetitan: {
    label: 'ServiceTitan jobs report export',
    columns: {
      id: ['Job #', 'Job Number', 'Job ID'],
      date: ['Completion Date', 'Completed Date', 'Completed On', 'Job Completion Date', 'Job Start Date'],
      customer: ['Customer Name', 'Customer'],
      customer_id: ['Customer ID', 'Customer Id'],
      email: ['Customer Email', 'Email'],
      phone: ['Customer Phone', 'Phone'],
      address: ['Location Address', 'Customer Address', 'Address'],
      technicians: ['Assigned Technicians', 'Technicians', 'Technician', 'Primary Technician'],
      service: ['Job Type'],
    },
    required: ['id', 'date', 'customer'],
    signature: ['Job #', 'Customer Name'],
    separator: /[;,]/,
    dates: 'export',
    strict: false,
    unknownNames: 'note',
  },
};

export const headerKey = (h: string) => h.trim().replace(/\s+/g, ' ').toLowerCase();

/** The layout a header row is in, most specific first; undefined when none fits. */
export function detectLayout(header: readonly string[]): JobLayout | undefined {
  const have = new Set(header.map(headerKey));
  const order: JobLayout[] = ['csv', 'servicetitan', 'housecallpro', 'jobber'];
  return order.find((l) => LAYOUTS[l].signature.every((h) => have.has(headerKey(h))));
}
