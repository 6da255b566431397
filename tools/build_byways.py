# ruff: noqa: E501  (the road tables below are one road a line)
"""Build the Highways & Byways board (``maps/byways/map.toml`` and ``geometry.json``).

Run by developers, never at install or run time::

    python tools/build_byways.py

The state outlines are the USA map's source (us-atlas 3.0.1, ``states-albers-10m.json``,
fetched into ``tools/.cache`` by ``build_maps.fetch``) rebuilt through ``build_maps.build``.
No registry ships highway lines, so the roads are this project's own design: the tables
below name real US cities (longitude, latitude), the highways between them and about 72
byways named after real scenic roads. Cities are projected with the same Albers USA
projection the atlas used, so they land inside their own states (checked below).

A highway between two cities gets a space every ~100 miles; a byway's spaces are its named
stops plus spaces filled in on long stretches. A stop shared by a red and a blue byway is an
intersection. The build refuses a board whose roads cross between spaces, whose spaces
crowd each other, whose network is not connected, or where a state has no byway space.

Standard library only; the output is deterministic.
"""

from __future__ import annotations

import json
import math
import re
import sys
from collections.abc import Sequence
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import build_maps as bm  # noqa: E402  (a sibling script, not a package)

ROOT = bm.ROOT
OUT = ROOT / "maps" / "byways"

BOARD_W = 860.0
"""Width of the full-size board's map in mm (the outline of the 48 states)."""
MILES_PER_SPACE = 100.0
MIN_GAP_MM = 7.0
"""Least distance between two space centres on the full-size board."""
MIN_CLEAR_MM = 3.5
"""Least distance from a space centre to a road it is not on."""

# --- cities and places: name, state, longitude, latitude --------------------------------

CITIES = """
Seattle WA -122.33 47.61 | Ellensburg WA -120.55 46.99 | Spokane WA -117.43 47.66
Portland OR -122.68 45.52 | Eugene OR -123.09 44.05 | Medford OR -122.87 42.33
Pendleton OR -118.79 45.67 | Redding CA -122.39 40.59 | Sacramento CA -121.49 38.58
San Francisco CA -122.42 37.77 | Fresno CA -119.79 36.74 | Bakersfield CA -119.02 35.37
Los Angeles CA -118.24 34.05 | San Diego CA -117.16 32.72 | Barstow CA -117.02 34.90
Palm Springs CA -116.55 33.83 | Reno NV -119.81 39.53 | Winnemucca NV -117.74 40.97
Elko NV -115.76 40.83 | Las Vegas NV -115.14 36.17 | Boise ID -116.20 43.62
Twin Falls ID -114.46 42.56 | Pocatello ID -112.45 42.87 | Idaho Falls ID -112.03 43.49
Missoula MT -113.99 46.87 | Butte MT -112.53 46.00 | Great Falls MT -111.30 47.50
Billings MT -108.50 45.78 | Miles City MT -105.84 46.41 | Cheyenne WY -104.82 41.14
Casper WY -106.31 42.87 | Rock Springs WY -109.20 41.59 | Rawlins WY -107.24 41.79
Sheridan WY -106.96 44.80 | Gillette WY -105.50 44.29 | Salt Lake City UT -111.89 40.76
St. George UT -113.58 37.10 | Beaver UT -112.64 38.28 | Green River UT -110.16 38.99
Denver CO -104.99 39.74 | Grand Junction CO -108.55 39.06 | Pueblo CO -104.61 38.25
Glenwood Springs CO -107.32 39.55 | Phoenix AZ -112.07 33.45 | Tucson AZ -110.97 32.22
Flagstaff AZ -111.65 35.20 | Albuquerque NM -106.65 35.08 | Santa Fe NM -105.94 35.69
Raton NM -104.44 36.90 | Las Cruces NM -106.76 32.32 | Tucumcari NM -103.72 35.17
Gallup NM -108.74 35.53 | Bismarck ND -100.78 46.81 | Fargo ND -96.79 46.88
Dickinson ND -102.79 46.88 | Rapid City SD -103.23 44.08 | Sioux Falls SD -96.73 43.54
Chamberlain SD -99.33 43.81 | Omaha NE -95.94 41.26 | Lincoln NE -96.70 40.81
North Platte NE -100.77 41.12 | Kearney NE -99.08 40.70 | Sidney NE -102.98 41.14
Wichita KS -97.34 37.69 | Topeka KS -95.69 39.05 | Salina KS -97.61 38.84
Hays KS -99.33 38.88 | Goodland KS -101.71 39.35 | Oklahoma City OK -97.52 35.47
Tulsa OK -95.99 36.15 | Dallas TX -96.80 32.78 | Austin TX -97.74 30.27
San Antonio TX -98.49 29.42 | Houston TX -95.37 29.76 | El Paso TX -106.49 31.76
Amarillo TX -101.83 35.22 | Fort Stockton TX -102.88 30.89 | Abilene TX -99.73 32.45
Junction TX -99.77 30.49 | Van Horn TX -104.83 31.04 | Minneapolis MN -93.27 44.98
Duluth MN -92.10 46.79 | Albert Lea MN -93.37 43.65 | Des Moines IA -93.61 41.59
Davenport IA -90.58 41.52 | Cedar Rapids IA -91.67 41.98 | Kansas City MO -94.58 39.10
St. Louis MO -90.20 38.63 | Springfield MO -93.29 37.21 | Columbia MO -92.33 38.95
Little Rock AR -92.29 34.75 | Fort Smith AR -94.40 35.39 | Shreveport LA -93.75 32.53
Baton Rouge LA -91.19 30.45 | New Orleans LA -90.07 29.95 | Lake Charles LA -93.22 30.23
Madison WI -89.40 43.07 | Milwaukee WI -87.91 43.04 | Eau Claire WI -91.50 44.81
Chicago IL -87.63 41.88 | Springfield IL -89.65 39.78 | Indianapolis IN -86.16 39.77
South Bend IN -86.25 41.68 | Detroit MI -83.05 42.33 | Grand Rapids MI -85.67 42.96
Lansing MI -84.56 42.73 | Saginaw MI -83.95 43.42 | Mackinaw City MI -84.73 45.78
Cleveland OH -81.69 41.50 | Columbus OH -83.00 39.96 | Cincinnati OH -84.51 39.13
Toledo OH -83.54 41.65 | Louisville KY -85.76 38.25 | Lexington KY -84.50 38.04
Memphis TN -90.05 35.15 | Nashville TN -86.78 36.16 | Knoxville TN -83.92 35.96
Chattanooga TN -85.31 35.05 | Jackson MS -90.18 32.30 | Vicksburg MS -90.88 32.35
Meridian MS -88.70 32.36 | Birmingham AL -86.80 33.52 | Montgomery AL -86.30 32.37
Mobile AL -88.04 30.69 | Atlanta GA -84.39 33.75 | Macon GA -83.63 32.84
Savannah GA -81.10 32.08 | Valdosta GA -83.28 30.83 | Jacksonville FL -81.66 30.33
Tallahassee FL -84.28 30.44 | Pensacola FL -87.22 30.42 | Orlando FL -81.38 28.54
Tampa FL -82.46 27.95 | Miami FL -80.19 25.76 | Columbia SC -81.03 34.00
Charleston SC -79.93 32.78 | Florence SC -79.76 34.20 | Charlotte NC -80.84 35.23
Raleigh NC -78.64 35.78 | Asheville NC -82.55 35.60 | Greensboro NC -79.79 36.07
Wilmington NC -77.94 34.23 | Richmond VA -77.44 37.54 | Roanoke VA -79.94 37.27
Washington DC -77.04 38.91 | Charleston WV -81.63 38.35 | Baltimore MD -76.61 39.29
Hagerstown MD -77.72 39.64 | Wilmington DE -75.55 39.74 | Pittsburgh PA -79.99 40.44
Harrisburg PA -76.88 40.27 | Philadelphia PA -75.17 39.95 | Scranton PA -75.66 41.41
Erie PA -80.09 42.13 | New York NY -74.01 40.71 | Buffalo NY -78.88 42.89
Syracuse NY -76.15 43.05 | Albany NY -73.76 42.65 | Binghamton NY -75.92 42.10
New Haven CT -72.93 41.31 | Hartford CT -72.68 41.76 | Providence RI -71.41 41.82
Boston MA -71.06 42.36 | Springfield MA -72.59 42.10 | Portland ME -70.26 43.66
Bangor ME -68.77 44.80 | Concord NH -71.54 43.21 | Staunton VA -79.07 38.15 | Spartanburg SC -81.93 34.95
Orangeburg SC -80.86 33.49 | Dayton OH -84.19 39.76 | Rocky Mount NC -77.79 35.94
Benson NC -78.55 35.38 | Lake City FL -82.64 30.19
"""

HIGHWAYS = """
Seattle, Portland OR, Eugene, Medford, Redding, Sacramento, Fresno, Bakersfield, Los Angeles, San Diego
San Francisco, Sacramento, Reno, Winnemucca, Elko, Salt Lake City, Rock Springs, Rawlins, Cheyenne, Sidney, North Platte, Kearney, Lincoln, Omaha, Des Moines, Cedar Rapids, Davenport, Chicago
Seattle, Ellensburg, Spokane, Missoula, Butte, Billings, Sheridan, Gillette, Rapid City, Chamberlain, Sioux Falls, Albert Lea
Billings, Miles City, Dickinson, Bismarck, Fargo, Minneapolis, Eau Claire, Madison, Milwaukee, Chicago
Los Angeles, Barstow, Las Vegas, St. George, Beaver, Salt Lake City, Pocatello, Idaho Falls, Butte, Great Falls
Portland OR, Pendleton, Boise, Twin Falls, Salt Lake City
Albuquerque, Tucumcari, Amarillo, Oklahoma City, Fort Smith, Little Rock, Memphis, Nashville, Knoxville, Asheville, Greensboro, Raleigh, Benson, Wilmington NC
Flagstaff, Gallup, Albuquerque
Los Angeles, Palm Springs, Phoenix, Tucson, Las Cruces, El Paso, Van Horn, Fort Stockton, Junction, San Antonio, Houston, Lake Charles, Baton Rouge, New Orleans, Mobile, Pensacola, Tallahassee, Lake City, Jacksonville
Las Cruces, Albuquerque, Santa Fe, Raton, Pueblo, Denver, Cheyenne, Casper, Sheridan
Beaver, Green River, Grand Junction, Glenwood Springs, Denver, Goodland, Hays, Salina, Topeka, Kansas City, Columbia MO, St. Louis, Indianapolis, Dayton, Columbus, Pittsburgh, Harrisburg, Philadelphia, New York
San Antonio, Austin, Dallas, Oklahoma City, Wichita, Kansas City, Des Moines, Albert Lea, Minneapolis, Duluth
Chicago, Springfield IL, St. Louis, Memphis, Jackson, New Orleans
Chicago, Indianapolis, Louisville, Nashville, Birmingham, Montgomery, Mobile
Mackinaw City, Saginaw, Detroit, Toledo, Dayton, Cincinnati, Lexington, Knoxville, Chattanooga, Atlanta, Macon, Valdosta, Lake City, Tampa, Miami
Boston, Providence, New Haven, New York, Philadelphia, Wilmington DE, Baltimore, Washington, Richmond, Rocky Mount, Benson, Florence, Orangeburg, Savannah, Jacksonville, Orlando, Miami
Orlando, Tampa
Dallas, Shreveport, Vicksburg, Jackson, Meridian, Birmingham, Atlanta, Columbia SC, Florence
Van Horn, Abilene, Dallas
Dallas, Houston
Oklahoma City, Tulsa, Springfield MO, St. Louis
Kansas City, Omaha, Sioux Falls, Fargo
St. Louis, Louisville, Lexington, Charleston WV, Staunton, Richmond
Chicago, South Bend, Toledo, Cleveland, Erie, Buffalo, Syracuse, Albany, Springfield MA, Boston
South Bend, Grand Rapids, Lansing, Detroit
Syracuse, Binghamton, Scranton, Harrisburg, Hagerstown, Staunton, Roanoke, Knoxville
New York, Scranton
Asheville, Spartanburg, Columbia SC, Orangeburg, Charleston SC
Raleigh, Greensboro, Charlotte, Spartanburg, Atlanta, Montgomery
Cleveland, Columbus, Cincinnati, Louisville
Boston, Portland ME, Bangor
Boston, Concord
New Haven, Hartford, Springfield MA
Harrisburg, Baltimore
Nashville, Chattanooga
"""
"""One highway a line: the cities it joins, in order."""

# Byways: name | colour | highway city at one end | stops (name state lon lat; "X" marks
# a stop shared with a byway of the other colour) | highway city at the other end, or
# "-" for a dead end.
BYWAYS = """
Pacific Coast Highway | red | San Francisco | Santa Cruz CA -122.03 36.97; Big Sur CA -121.81 36.27; San Simeon CA -121.19 35.64; San Luis Obispo CA -120.66 35.28; Santa Barbara CA -119.70 34.42 | Los Angeles
Oregon Coast Highway | red | Portland OR | Astoria OR -123.83 46.19; Tillamook OR -123.84 45.46; Newport OR -124.05 44.64; Florence OR -124.10 43.98; Coos Bay OR -124.22 43.37; Gold Beach OR -124.42 42.41; Crescent City CA -124.20 41.76; Eureka CA -124.16 40.80 | Redding
The Loneliest Road | red | Reno | Fallon NV -118.78 39.47; Austin NV -117.07 39.49; Eureka NV -115.96 39.51; Ely NV -114.89 39.25 X; Great Basin NV -114.14 39.01 | Beaver
Historic Route 66 | red | Barstow | Amboy CA -115.74 34.56; Needles CA -114.70 34.85; Kingman AZ -114.05 35.19 X; Seligman AZ -112.88 35.33 | Flagstaff
Beartooth Highway | red | Billings | Red Lodge MT -109.25 45.19; Cooke City MT -109.93 45.02; Old Faithful WY -110.83 44.46 X; Jackson WY -110.76 43.48; Pinedale WY -109.86 42.87 | Rock Springs
Native American Scenic Byway | red | Chamberlain | Pierre SD -100.35 44.37; Mobridge SD -100.43 45.54; Fort Yates ND -100.63 46.09 | Bismarck
Blue Ridge Parkway | red | Roanoke | Fancy Gap VA -80.70 36.66; Doughton Park NC -81.18 36.43; Blowing Rock NC -81.68 36.13 | Asheville
Natchez Trace Parkway | red | Nashville | Collinwood TN -87.74 35.17; Cherokee AL -87.97 34.76; Tupelo MS -88.70 34.26; French Camp MS -89.40 33.29 | Jackson
Great River Road | red | Minneapolis | Red Wing MN -92.53 44.56; Winona MN -91.64 44.05; La Crosse WI -91.24 43.80 X; Prairie du Chien WI -91.14 43.05 X; Dubuque IA -90.66 42.50 | Davenport
San Juan Skyway | red | Grand Junction | Grand Mesa CO -108.05 39.03; Montrose CO -107.88 38.48 X; Ouray CO -107.67 38.02; Durango CO -107.88 37.28; Cortez CO -108.59 37.35 X; Shiprock NM -108.69 36.79 | Gallup
Big Bend River Road | red | Van Horn | Marfa TX -104.02 30.31; Presidio TX -104.37 29.56; Terlingua TX -103.60 29.32; Marathon TX -103.24 30.21 | Fort Stockton
Connecticut River Byway | red | Springfield MA | Greenfield MA -72.60 42.59; Hanover NH -72.29 43.70 X; St. Johnsbury VT -72.02 44.42; Gorham NH -71.17 44.39; Rumford ME -70.55 44.55 | Portland ME
Lake Superior Circle Tour | red | Mackinaw City | Tahquamenon Falls MI -85.25 46.58; Munising MI -86.65 46.41; Marquette MI -87.40 46.55; Ironwood MI -90.17 46.45; Bayfield WI -90.82 46.81 | Duluth
North Cascades Highway | blue | Seattle | Newhalem WA -121.25 48.67; Winthrop WA -120.19 48.48 | Spokane
Olympic Peninsula Loop | blue | Seattle | Port Angeles WA -123.43 48.12; Forks WA -124.39 47.95; Lake Quinault WA -123.85 47.47; Aberdeen WA -123.82 46.98 | Portland OR
Volcanic Legacy Scenic Byway | blue | Eugene | Crater Lake OR -122.11 42.94; Klamath Falls OR -121.78 42.22; Lassen Peak CA -121.51 40.49 | Sacramento
Hells Canyon Scenic Byway | blue | Pendleton | Joseph OR -117.23 45.35; Halfway OR -117.11 44.88 | Boise
Tioga Road | blue | Fresno | Yosemite Valley CA -119.59 37.75; Mono Lake CA -119.03 38.00 | Reno
Death Valley Scenic Byway | blue | Barstow | Furnace Creek CA -116.87 36.46; Pahrump NV -115.98 36.21 | Las Vegas
Great Basin Highway | blue | Elko | Ruby Valley NV -115.25 40.25; Ely NV -114.89 39.25 X; Pioche NV -114.45 37.93 | Las Vegas
Scenic Byway 12 | blue | Beaver | Bryce Canyon UT -112.17 37.63; Escalante UT -111.60 37.77; Capitol Reef UT -111.42 38.30 | Green River
Zion Park Scenic Byway | blue | St. George | Zion UT -113.00 37.19; Kanab UT -112.53 37.05; Page AZ -111.46 36.91 | Flagstaff
Flaming Gorge-Uintas Scenic Byway | blue | Salt Lake City | Mirror Lake UT -110.89 40.70; Vernal UT -109.53 40.46 | Rock Springs
Trail of the Ancients | blue | Green River | Moab UT -109.55 38.57; Monticello UT -109.34 37.87; Cortez CO -108.59 37.35 X; Farmington NM -108.22 36.73 | Albuquerque
Joshua Forest Scenic Road | blue | Las Vegas | Temple Bar AZ -114.33 36.03; Kingman AZ -114.05 35.19 X; Wickenburg AZ -112.73 33.97 | Phoenix
Red Rock Scenic Byway | blue | Flagstaff | Sedona AZ -111.76 34.87; Prescott AZ -112.47 34.54 | Phoenix
High Road to Taos | blue | Santa Fe | Taos NM -105.57 36.41 | Raton
Sawtooth Scenic Byway | blue | Twin Falls | Ketchum ID -114.36 43.68; Stanley ID -114.94 44.22 | Boise
Northwest Passage Scenic Byway | blue | Spokane | Lewiston ID -117.02 46.42; Kooskia ID -115.98 46.15; Powell ID -114.72 46.51 | Missoula
Going-to-the-Sun Road | blue | Missoula | Polson MT -114.16 47.69; West Glacier MT -113.99 48.50; St. Mary MT -113.43 48.75 | Great Falls
Buffalo Bill Cody Scenic Byway | blue | Billings | Cody WY -109.06 44.53; Old Faithful WY -110.83 44.46 X; Island Park ID -111.34 44.42 | Idaho Falls
Bighorn Scenic Byway | blue | Sheridan | Burgess Junction WY -107.53 44.78; Greybull WY -108.06 44.49; Thermopolis WY -108.21 43.65 | Casper
Trail Ridge Road | blue | Denver | Estes Park CO -105.52 40.38; Kremmling CO -106.39 40.06 | Glenwood Springs
West Elk Loop | blue | Glenwood Springs | Paonia CO -107.59 38.87; Montrose CO -107.88 38.48 X; Gunnison CO -106.93 38.55; Salida CO -106.00 38.53 | Pueblo
Killdeer Mountain Four Bears Scenic Byway | blue | Dickinson | Killdeer ND -102.75 47.37; New Town ND -102.49 47.98; Minot ND -101.30 48.23 | Bismarck
Spearfish Canyon Scenic Byway | blue | Gillette | Devils Tower WY -104.72 44.59; Spearfish SD -103.86 44.49 | Rapid City
Sandhills Journey Scenic Byway | blue | Kearney | Broken Bow NE -99.64 41.40; Thedford NE -100.58 41.98; Alliance NE -102.87 42.10 | Sidney
Lincoln Highway Heritage Byway | blue | Omaha | Denison IA -95.36 42.02; Boone IA -93.88 42.06 | Des Moines
Driftless Area Scenic Byway | blue | Eau Claire | Independence WI -91.42 44.36; La Crosse WI -91.24 43.80 X; Decorah IA -91.79 43.30 | Albert Lea
Lower Wisconsin River Road | blue | Madison | Spring Green WI -90.07 43.18; Prairie du Chien WI -91.14 43.05 X; Waterloo IA -92.34 42.49 | Cedar Rapids
Flint Hills Scenic Byway | blue | Salina | Council Grove KS -96.49 38.66 | Wichita
Glade Top Trail | blue | St. Louis | Eminence MO -91.36 37.15; Ava MO -92.66 36.95 | Springfield MO
Talimena Scenic Drive | blue | Fort Smith | Talihina OK -95.03 34.75; Mena AR -94.24 34.59; Hot Springs AR -93.06 34.50 | Little Rock
Wichita Mountains Scenic Byway | blue | Oklahoma City | Medicine Park OK -98.50 34.73; Quanah TX -99.74 34.30 | Amarillo
Texas Hill Country Trail | blue | Austin | Johnson City TX -98.41 30.28; Fredericksburg TX -98.87 30.27 | Junction
Creole Nature Trail | blue | Houston | Galveston TX -94.80 29.30; Cameron LA -93.33 29.80 | Lake Charles
Blues Highway | blue | Memphis | Clarksdale MS -90.57 34.20; Greenville MS -91.06 33.41 | Vicksburg
Great River Road of Louisiana | blue | Vicksburg | Natchez MS -91.40 31.56; St. Francisville LA -91.38 30.78 | Baton Rouge
Lookout Mountain Parkway | blue | Chattanooga | Mentone AL -85.58 34.57; Gadsden AL -86.01 34.01 | Birmingham
Alabama's Coastal Connection | blue | Mobile | Dauphin Island AL -88.11 30.25; Gulf Shores AL -87.70 30.25 | Pensacola
Russell-Brasstown Scenic Byway | blue | Atlanta | Dahlonega GA -83.99 34.53; Brasstown Bald GA -83.81 34.87; Franklin NC -83.38 35.18 | Asheville
Overseas Highway | blue | Miami | Key Largo FL -80.45 25.09; Marathon FL -81.09 24.71; Key West FL -81.78 24.56 | -
Tamiami Trail | blue | Miami | Shark Valley FL -80.77 25.76; Naples FL -81.79 26.14; Fort Myers FL -81.87 26.64 | Tampa
Kings Highway | blue | Florence | Myrtle Beach SC -78.89 33.69; Georgetown SC -79.29 33.38 | Charleston SC
Outer Banks Scenic Byway | blue | Rocky Mount | Nags Head NC -75.62 35.96; Cape Hatteras NC -75.53 35.25; Ocracoke NC -75.98 35.11; Beaufort NC -76.66 34.72 | Wilmington NC
Cherohala Skyway | blue | Knoxville | Tellico Plains TN -84.30 35.36; Robbinsville NC -83.81 35.32 | Asheville
Red River Gorge Scenic Byway | blue | Lexington | Red River Gorge KY -83.68 37.82; Paintsville KY -82.81 37.81 | Charleston WV
Midland Trail | blue | Charleston WV | New River Gorge WV -81.10 38.05; Lewisburg WV -80.45 37.80 | Roanoke
Colonial Parkway | blue | Richmond | Williamsburg VA -76.71 37.27; Virginia Beach VA -75.98 36.85 | -
Historic National Road | blue | Hagerstown | Cumberland MD -78.76 39.65 | Pittsburgh
Route 9 Coastal Heritage Byway | blue | Wilmington DE | Dover DE -75.52 39.16; Lewes DE -75.14 38.77; Atlantic City NJ -74.42 39.36 | New York
US Route 6 in Pennsylvania | blue | Erie | Warren PA -79.14 41.84; Coudersport PA -78.02 41.77; Wellsboro PA -77.30 41.75 | Scranton
Catskill Mountains Scenic Byway | blue | New York | Kingston NY -74.00 41.93; Margaretville NY -74.65 42.15 | Binghamton
Crossroad of Vermont Byway | blue | Albany | Rutland VT -72.97 43.61; Hanover NH -72.29 43.70 X; New London NH -71.99 43.41 | Concord
Old King's Highway | blue | Boston | Plymouth MA -70.67 41.96; Barnstable MA -70.30 41.70; Provincetown MA -70.19 42.05 | -
Kancamagus Highway | blue | Concord | Lincoln NH -71.67 44.05; Conway NH -71.13 43.98 | Portland ME
Acadia All-American Road | blue | Portland ME | Rockland ME -69.11 44.10; Bar Harbor ME -68.20 44.39 | Bangor
Ocean Drive | blue | Providence | Newport RI -71.31 41.49 | -
Route 169 Scenic Byway | blue | Hartford | Woodstock CT -71.97 41.95 | Providence
M-22 and Tunnel of Trees | blue | Grand Rapids | Ludington MI -86.45 43.96; Sleeping Bear Dunes MI -86.00 44.88; Petoskey MI -84.96 45.37 | Mackinaw City
Illinois River Road | blue | Chicago | Starved Rock IL -88.99 41.32; Peoria IL -89.59 40.69 | Springfield IL
Ohio River Scenic Byway | blue | St. Louis | Golconda IL -88.49 37.37; Evansville IN -87.57 37.97 | Louisville
Hocking Hills Scenic Byway | blue | Columbus | Hocking Hills OH -82.54 39.43; Marietta OH -81.45 39.42 | Charleston WV
"""

STARTS = {"CA": "Sacramento", "WY": "Casper", "IA": "Des Moines", "TX": "Dallas",
          "GA": "Atlanta", "PA": "Harrisburg"}
"""The six start spaces, by the state the rules name."""

LETTERS = "ABCDE"
PER_LETTER = 6

STATE_FIPS = dict(bm.USA_POSTAL) | {
    "23": "ME", "33": "NH", "50": "VT", "25": "MA", "44": "RI", "09": "CT", "34": "NJ",
    "10": "DE", "24": "MD", "11": "DC"}

NOTES = """
The board, the byway list and the event texts are this project's own design on real places.
Highways join real cities along the interstates; a highway space every ~100 miles (a highway
between two cities is cut into round(miles / 100) legs). Byways are named after real scenic
roads; their spaces are named stops on the road (and filled-in spaces on long stretches).
A byway runs between two highway cities (three end in a dead end: the Overseas
Highway, Colonial Parkway and Ocean Drive).
Red byways are the long ones; a stop shared by a red and a blue byway is an intersection
space, on both. Construction letters A-E sit on highway spaces between cities, each letter
on six spaces spread over the country; closing one letter never cuts the network. Start
spaces: Sacramento CA, Casper WY, Des Moines IA, Dallas TX, Atlanta GA, Harrisburg PA."""


def slug(text: str, sep: str = "-") -> str:
    return re.sub(r"[^a-z0-9]+", sep, text.lower().replace("'", "")).strip(sep)


def space_slug(text: str) -> str:
    """Space ids use underscores: the map's edge list joins two ids with a hyphen."""
    return slug(text, "_")


def albers_usa() -> tuple[float, ...]:
    """d3.geoAlbersUsa's lower-48 projection at us-atlas' scale 1300, translate 487.5,305:
    conic equal-area, parallels 29.5/45.5, rotated 96 W, centred at 0.6 W of that, 38.7 N."""
    return (29.5, 45.5, 96.0, -0.6, 38.7, 1300.0, 487.5, 305.0)


def project(lon: float, lat: float) -> bm.Point:
    p0, p1, rot, clon, clat, k, tx, ty = albers_usa()
    sy0 = math.sin(math.radians(p0))
    n = (sy0 + math.sin(math.radians(p1))) / 2
    c = 1 + sy0 * (2 * n - sy0)
    r0 = math.sqrt(c) / n

    def raw(lam: float, phi: float) -> bm.Point:
        r = math.sqrt(c - 2 * n * math.sin(phi)) / n
        return (r * math.sin(lam * n), r0 - r * math.cos(lam * n))

    cx, cy = raw(math.radians(clon), math.radians(clat))
    x, y = raw(math.radians(lon + rot), math.radians(lat))
    return (tx + k * (x - cx), ty - k * (y - cy))


def miles(a: tuple[float, float], b: tuple[float, float]) -> float:
    lon1, lat1, lon2, lat2 = map(math.radians, (*a, *b))
    h = (math.sin((lat2 - lat1) / 2) ** 2
         + math.cos(lat1) * math.cos(lat2) * math.sin((lon2 - lon1) / 2) ** 2)
    return 2 * 3958.8 * math.asin(math.sqrt(h))


# --- reading the tables -------------------------------------------------------------------

Place = tuple[str, str, float, float]  # name, state, lon, lat


def parse_place(text: str) -> Place:
    words = text.split()
    return (" ".join(words[:-3]), words[-3], float(words[-2]), float(words[-1]))


def city_key(place: Place, names: dict[str, int]) -> str:
    return place[0] if names[place[0]] == 1 else f"{place[0]} {place[1]}"


def read_cities() -> dict[str, Place]:
    places = [parse_place(t) for line in CITIES.strip().splitlines() for t in line.split("|")]
    names: dict[str, int] = {}
    for p in places:
        names[p[0]] = names.get(p[0], 0) + 1
    return {city_key(p, names): p for p in places}


# --- the board ---------------------------------------------------------------------------


class Board:
    def __init__(self, to_mm: bm.Callable[[float, float], bm.Point]) -> None:
        self.to_mm = to_mm
        self.spaces: dict[str, dict[str, object]] = {}
        self.lonlat: dict[str, tuple[float, float]] = {}
        self.edges: dict[tuple[str, str], str] = {}  # edge -> kind (highway / red / blue)
        self.byways: list[dict[str, object]] = []

    def add_space(self, sid: str, name: str, kind: str, lon: float, lat: float) -> None:
        if sid in self.spaces:
            raise ValueError(f"duplicate space {sid}")
        x, y = self.to_mm(lon, lat)
        self.spaces[sid] = {"id": sid, "name": name, "kind": kind, "x": x, "y": y}
        self.lonlat[sid] = (lon, lat)

    def link(self, a: str, b: str, kind: str) -> None:
        e = bm.edge(a, b)
        if e in self.edges:
            raise ValueError(f"duplicate link {a}-{b}")
        self.edges[e] = kind

    def fill(self, a: str, b: str, prefix: str, name: str, kind: str) -> list[str]:
        """Spaces filled in between ``a`` and ``b`` (exclusive), one every ~100 miles."""
        pa, pb = self.lonlat[a], self.lonlat[b]
        legs = max(1, round(miles(pa, pb) / MILES_PER_SPACE))
        out = []
        for k in range(1, legs):
            t = k / legs
            sid = f"{prefix}_{k}"
            self.add_space(sid, f"{name} {k}" if legs > 2 else name, kind,
                           pa[0] + (pb[0] - pa[0]) * t, pa[1] + (pb[1] - pa[1]) * t)
            out.append(sid)
        return out


def build_board(to_mm: bm.Callable[[float, float], bm.Point]) -> Board:
    cities = read_cities()
    board = Board(to_mm)
    city_id = {key: space_slug(key) for key in cities}
    for key, (name, state, lon, lat) in cities.items():
        board.add_space(city_id[key], f"{name}, {state}", "highway", lon, lat)
        board.spaces[city_id[key]]["city"] = True
    for line in HIGHWAYS.strip().splitlines():
        stops = [s.strip() for s in line.split(",")]
        for a, b in zip(stops, stops[1:], strict=False):
            if a not in cities or b not in cities:
                raise ValueError(f"highway names an unknown city: {a} / {b}")
            ida, idb = city_id[a], city_id[b]
            if bm.edge(ida, idb) in board.edges:
                continue
            mids = board.fill(ida, idb, f"{ida}__{idb}", f"{a} - {b}", "highway")
            chain = [ida, *mids, idb]
            for p, q in zip(chain, chain[1:], strict=False):
                board.link(p, q, "highway")
    for line in BYWAYS.strip().splitlines():
        name, colour, first, stops_text, last = (s.strip() for s in line.split("|"))
        bid = slug(name)
        stops = [parse_place(s.replace(" X", "")) for s in stops_text.split(";")]
        crossing = [s.strip().endswith(" X") for s in stops_text.split(";")]
        ends = [city_id[first], None if last == "-" else city_id[last]]
        path: list[str] = []
        prev = ends[0]
        for index, (stop, is_x) in enumerate(zip(stops, crossing, strict=True)):
            sid = space_slug(f"{stop[0]} {stop[1]}")
            if is_x and sid in board.spaces:
                board.spaces[sid]["kind"] = "intersection"
            else:
                board.add_space(sid, f"{stop[0]}, {stop[1]}", colour, stop[2], stop[3])
            path += board.fill(prev, sid, f"{space_slug(name)}__{index}", name, colour)
            path.append(sid)
            prev = sid
        if ends[1] is not None:
            path += board.fill(prev, ends[1], f"{space_slug(name)}__z", name, colour)
        chain = [ends[0], *path] + ([ends[1]] if ends[1] else [])
        for p, q in zip(chain, chain[1:], strict=False):
            board.link(p, q, colour)
        board.byways.append({"id": bid, "name": name, "colour": colour, "spaces": path,
                             "ends": [e for e in ends if e]})
    return board


# --- outlines ------------------------------------------------------------------------------


def outline_spec() -> bm.MapSpec:
    def assign(feat: bm.Feature) -> str | None:
        return STATE_FIPS.get(feat.fid or "")

    return bm.MapSpec(map_id="byways", package="us-atlas", version="3.0.1",
                      member="states-albers-10m.json", obj="states", assign=assign,
                      tolerance=0.08, min_island=0.05)


def frame_of(spec: bm.MapSpec) -> tuple[float, float, float]:
    """The Albers-pixel origin and pixel -> mm factor that ``bm.build`` uses for the
    outlines, so cities and states share one frame."""
    topo = bm.read_member(bm.fetch(spec.package, spec.version), spec.member)
    raw = bm.decode_arcs(topo)
    pts = [p for feat in bm.features(topo, spec.obj) if spec.assign(feat)
           for poly in feat.polygons for ring in poly for ref in ring
           for p in raw[bm.arc_index(ref)]]
    xs, ys = [p[0] for p in pts], [p[1] for p in pts]
    scale = min(bm.BOX_W / (max(xs) - min(xs)), bm.BOX_H / (max(ys) - min(ys)))
    return min(xs), min(ys), scale


# --- checks ----------------------------------------------------------------------------------


def connected(nodes: set[str], edges: Sequence[tuple[str, str]]) -> bool:
    adj: dict[str, list[str]] = {n: [] for n in nodes}
    for a, b in edges:
        if a in nodes and b in nodes:
            adj[a].append(b)
            adj[b].append(a)
    start = min(nodes)
    seen = {start}
    todo = [start]
    while todo:
        for m in adj[todo.pop()]:
            if m not in seen:
                seen.add(m)
                todo.append(m)
    return seen == nodes


def problems(board: Board) -> list[str]:
    out = []
    pos = {s: (float(v["x"]), float(v["y"])) for s, v in board.spaces.items()}  # type: ignore[arg-type]
    ids = sorted(pos)
    for i, a in enumerate(ids):
        for b in ids[i + 1:]:
            d = math.dist(pos[a], pos[b])
            if d < MIN_GAP_MM:
                out.append(f"spaces {a} and {b} are {d:.1f} mm apart")
    segs = [(a, b) for a, b in sorted(board.edges)]
    for i, (a, b) in enumerate(segs):
        for c, d in segs[i + 1:]:
            if len({a, b, c, d}) < 4:
                continue
            if bm.segments_cross(pos[a], pos[b], pos[c], pos[d]):
                out.append(f"roads {a}-{b} ({board.edges[(a, b)]}) and {c}-{d} "
                           f"({board.edges[(c, d)]}) cross")
    for s in ids:
        for a, b in segs:
            if s in (a, b):
                continue
            d = math.sqrt(bm.seg_dist2(pos[s], pos[a], pos[b]))
            if d < MIN_CLEAR_MM:
                out.append(f"space {s} is {d:.1f} mm from road {a}-{b}")
    return out


def assign_letters(board: Board) -> dict[str, str]:
    """Construction letters on highway spaces between cities: each letter on PER_LETTER
    spaces spread over the country (farthest-point choice), never two letters side by side,
    and closing one letter never cuts the network."""
    pos = {s: (float(v["x"]), float(v["y"])) for s, v in board.spaces.items()}  # type: ignore[arg-type]
    nodes = set(board.spaces)
    edges = list(board.edges)
    candidates = sorted(s for s, v in board.spaces.items()
                        if v["kind"] == "highway" and not v.get("city"))
    letters: dict[str, str] = {}
    near: dict[str, set[str]] = {s: set() for s in nodes}
    for a, b in edges:
        near[a].add(b)
        near[b].add(a)
    for _ in range(PER_LETTER):
        for letter in LETTERS:
            mine = [s for s, v in letters.items() if v == letter]
            best: tuple[float, str] | None = None
            for s in candidates:
                if s in letters or any(n in letters for n in near[s]):
                    continue
                if not connected(nodes - set(mine) - {s}, edges):
                    continue
                others = [p for p in letters if letters[p] == letter]
                spread = min((math.dist(pos[s], pos[p]) for p in others), default=1e9)
                # a little pull towards spaces far from every letter, for an even board
                far = min((math.dist(pos[s], pos[p]) for p in letters), default=1e9)
                score = spread + 0.5 * far
                if best is None or score > best[0]:
                    best = (score, s)
            if best is None:
                raise ValueError(f"no room for construction letter {letter}")
            letters[best[1]] = letter
    return letters


# --- output -------------------------------------------------------------------------------


def q(text: str) -> str:
    return json.dumps(text, ensure_ascii=False)


def write(board: Board, built: bm.Built, factor: float, states: dict[str, str],
          letters: dict[str, str]) -> None:
    start_ids = {st: space_slug(city) for st, city in STARTS.items()}
    lines = ["# Highways & Byways: the road network. Written by tools/build_byways.py from its",
             "# tables of real cities and scenic roads; edit the tables there, not this file.",
             "", 'id = "byways"', 'game = "byways"', 'title = "Highways & Byways"',
             'geometry = "geometry.json"', "", f'notes = """{NOTES}"""', "",
             "# kind: highway, red, blue or intersection; letter: construction letter A-E",
             "spaces = ["]
    for sid in sorted(board.spaces, key=lambda s: (board.spaces[s]["kind"] != "highway", s)):
        v = board.spaces[sid]
        extra = f', letter = "{letters[sid]}"' if sid in letters else ""
        lines.append(f'  {{ id = "{sid}", name = {q(str(v["name"]))}, kind = "{v["kind"]}", '
                     f'state = "{states[sid]}"{extra} }},')
    lines += ["]", "", 'edges = """']
    lines += [f"{a}-{b}" for a, b in sorted(board.edges)]
    lines += ['"""', "", "# Start spaces by the state the rules name.", "[starts]"]
    lines += [f'{st} = "{sid}"' for st, sid in start_ids.items()]
    lines += [""]
    for bw in board.byways:
        spaces = list(bw["spaces"])  # type: ignore[call-overload]
        byway_states: list[str] = []
        for s in spaces:
            if states[s] not in byway_states:
                byway_states.append(states[s])
        lines += ["[[byways]]", f'id = "{bw["id"]}"', f"name = {q(str(bw['name']))}",
                  f'colour = "{bw["colour"]}"',
                  "spaces = [" + ", ".join(f'"{s}"' for s in spaces) + "]",
                  "states = [" + ", ".join(f'"{s}"' for s in byway_states) + "]", ""]
    (OUT / "map.toml").write_text("\n".join(lines), encoding="utf-8")

    def mm(p: bm.Point) -> list[float | int]:
        return bm.pt((p[0] * factor, p[1] * factor))

    shapes = []
    for sid in sorted(board.spaces):
        v = board.spaces[sid]
        at = [bm.fmt(float(v["x"])), bm.fmt(float(v["y"]))]  # type: ignore[arg-type]
        shapes.append({"space": sid, "rings": [], "anchor": at, "label": at})
    roads = []
    for (a, b), kind in sorted(board.edges.items()):
        pa, pb = board.spaces[a], board.spaces[b]
        roads.append({"kind": kind, "ref": f"{a}|{b}", "points": [
            [bm.fmt(float(pa["x"])), bm.fmt(float(pa["y"]))],  # type: ignore[arg-type]
            [bm.fmt(float(pb["x"])), bm.fmt(float(pb["y"]))]]})  # type: ignore[arg-type]
    doc = {"map": "byways", "width": bm.fmt(built.width * factor),
           "height": bm.fmt(built.height * factor), "circle_diameter": 6.0,
           "shapes": shapes,
           "context": [[mm(p) for p in ring] for st in sorted(built.spaces)
                       for ring in built.spaces[st]],
           "lines": roads}
    text = json.dumps(doc, separators=(",", ":"))
    text = text.replace(',{"space"', ',\n{"space"').replace(',{"kind"', ',\n{"kind"')
    (OUT / "geometry.json").write_text(text + "\n", encoding="utf-8")
    (OUT / "ATTRIBUTION.txt").write_text(
        "State outlines: US Census Bureau cartographic boundaries via us-atlas 3.0.1 "
        "(ISC licence, Mike Bostock). Roads: this project's own design on real US cities "
        "and scenic roads.\n", encoding="utf-8")


def main(argv: Sequence[str]) -> int:
    spec = outline_spec()
    order = sorted(set(STATE_FIPS.values()))
    built = bm.build(spec, order)
    fx0, fy0, scale = frame_of(spec)
    factor = BOARD_W / built.width

    def to_mm(lon: float, lat: float) -> bm.Point:
        x, y = project(lon, lat)
        return (round((x - fx0) * scale * factor, 2), round((y - fy0) * scale * factor, 2))

    board = build_board(to_mm)
    shapes = {st: bm.Shape([[(x * factor, y * factor) for x, y in r] for r in rings])
              for st, rings in built.spaces.items()}
    states: dict[str, str] = {}
    report: list[str] = []
    for sid, v in board.spaces.items():
        p = (float(v["x"]), float(v["y"]))  # type: ignore[arg-type]
        inside = [st for st, sh in shapes.items() if bm.inside(p, sh.rings)]
        if not inside:  # a stop on the coast: the nearest state
            inside = [min(shapes, key=lambda st: (shapes[st].edge_dist(p), st))]
        states[sid] = inside[0]
        declared = str(v["name"]).rsplit(", ", 1)
        if len(declared) == 2 and len(declared[1]) == 2 and declared[1] != states[sid]:
            report.append(f"{sid}: declared {declared[1]}, lands in {states[sid]}")
    report += problems(board)
    if not connected(set(board.spaces), list(board.edges)):
        report.append("the network is not connected")
    touched = {states[s] for bw in board.byways for s in bw["spaces"]}  # type: ignore[attr-defined]
    missing = sorted(set(order) - {"DC"} - touched)
    if missing:
        report.append("states without a byway space: " + " ".join(missing))
    for line in report:
        print("PROBLEM:", line)
    if report and "--force" not in argv:
        return 1
    letters = assign_letters(board)
    write(board, built, factor, states, letters)
    reds = [bw for bw in board.byways if bw["colour"] == "red"]
    blues = [bw for bw in board.byways if bw["colour"] == "blue"]
    kinds: dict[str, int] = {}
    for v in board.spaces.values():
        kinds[str(v["kind"])] = kinds.get(str(v["kind"]), 0) + 1
    print(f"byways: {len(board.spaces)} spaces {kinds}, {len(board.edges)} links; "
          f"{len(reds)} red ({sum(len(b['spaces']) for b in reds)} spaces), "  # type: ignore[arg-type]
          f"{len(blues)} blue ({sum(len(b['spaces']) for b in blues)} spaces); "  # type: ignore[arg-type]
          f"{built.width * factor:.0f} x {built.height * factor:.0f} mm")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
