-- The customer locations' ampel aggregate is computed by the application (rules/location-ampel.ts).
SELECT 1;
